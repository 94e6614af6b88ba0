// `app.mailer`: SMTP when SMTP_URL is set, the dev outbox when DEV_OUTBOX=1, else no transport
// (every send fails; see src/mail/mailer.ts).
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../mail/mailer.js';
import type { AppMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMTP, the dev outbox, or none (every send fails). */
    mailer: Mailer;
  }
}

/** The same mailer, counting each send in `terres_emails_sent_total` / `terres_emails_failed_total`. */
function counted(mailer: Mailer, metrics: AppMetrics, transport: string): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.emailsFailed.inc({ transport });
        throw error;
      }
      metrics.emailsSent.inc({ transport });
    },
    get outbox() {
      return mailer.outbox;
    },
    close: () => mailer.close(),
  };
}

export interface MailerPluginOptions {
  /** A ready mailer (tests); by default one is made from the config. */
  mailer?: Mailer;
}

export default fp<MailerPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const mailer =
      options.mailer ?? createMailer({ transport: config.mailTransport, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
    if (!options.mailer && config.mailTransport === 'none') {
      app.log.warn('no mail transport: e-mails (sign-in codes included) cannot be sent; set SMTP_URL, or DEV_OUTBOX=1 in development');
    }
    app.decorate('mailer', counted(mailer, app.appMetrics, options.mailer ? 'custom' : config.mailTransport));
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mailer', dependencies: ['config', 'app-metrics'] },
);

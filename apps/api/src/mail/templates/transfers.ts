// Transfers (issue 18): a refused load, mailed at once to the CUT organisation and the admins;
// the receiving organisation's digest of loads on their way (at most one a day per transfer).
// Every sentence comes from the domain's `transferMessages`.
import { fillTemplate, formatDateTime, transferMessages as m } from '@terres/domain';
import { renderEmail, type RenderedEmail } from './layout.js';

export interface MailLoad {
  number: string;
  volumeM3: number;
  wasteCode: string;
  departedAt: Date;
  vehiclePlate: string;
}

const volume = (value: number) => String(value).replace('.', ',');

export function loadRefusedEmail(input: { load: MailLoad; reason: string; cutProject: string; fillProject: string; transferUrl: string }): RenderedEmail {
  const values = {
    number: input.load.number,
    volume: volume(input.load.volumeM3),
    wasteCode: input.load.wasteCode,
    departedAt: formatDateTime(input.load.departedAt),
    cutProject: input.cutProject,
    fillProject: input.fillProject,
  };
  return renderEmail({
    subject: fillTemplate(m.mailLoadRefusedSubject, values),
    paragraphs: [fillTemplate(m.mailLoadRefusedIntro, values), fillTemplate(m.mailLoadRefusedReason, { reason: input.reason })],
    action: { label: m.mailLoadRefusedAction, url: input.transferUrl },
  });
}

export function loadsOnTheirWayEmail(input: { loads: readonly MailLoad[]; cutProject: string; fillProject: string; transferUrl: string }): RenderedEmail {
  return renderEmail({
    subject: fillTemplate(m.mailDigestSubject, { count: input.loads.length, fillProject: input.fillProject }),
    paragraphs: [
      fillTemplate(m.mailDigestIntro, { cutProject: input.cutProject, fillProject: input.fillProject }),
      ...input.loads.map((load) =>
        fillTemplate(m.mailDigestLine, {
          number: load.number,
          volume: volume(load.volumeM3),
          wasteCode: load.wasteCode,
          departedAt: formatDateTime(load.departedAt),
          plate: load.vehiclePlate,
        }),
      ),
    ],
    action: { label: m.mailDigestAction, url: input.transferUrl },
  });
}

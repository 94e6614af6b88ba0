import type { Inquiry } from '@terres/api-client';
import { texts } from '../texts';

/** What the advertiser has to do: complete a draft, or correct a refused listing (with the reason). */
export function StatusNotice({ inquiry }: { inquiry: Inquiry }) {
  if (inquiry.status === 'DRAFT') {
    return (
      <section className="inquiry-notice" data-tone="neutral" aria-labelledby="inquiry-notice-title">
        <h2 id="inquiry-notice-title" className="inquiry-notice__title">
          {texts.draftNoticeTitle}
        </h2>
        <p>{texts.draftNotice}</p>
      </section>
    );
  }
  if (inquiry.status === 'REJECTED') {
    const reason = inquiry.rejectionReason?.trim();
    return (
      <section className="inquiry-notice" data-tone="danger" aria-labelledby="inquiry-notice-title">
        <h2 id="inquiry-notice-title" className="inquiry-notice__title">
          {texts.rejectedNoticeTitle}
        </h2>
        <p>{texts.rejectedNotice}</p>
        <p className="inquiry-notice__reason">
          <strong>{texts.rejectionReason} :</strong> {reason || texts.noRejectionReason}
        </p>
      </section>
    );
  }
  return null;
}

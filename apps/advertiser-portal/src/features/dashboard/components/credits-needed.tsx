import { Link } from '@tanstack/react-router';
import { normalizeRole } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { texts } from '../texts';

/**
 * In place of 'Créer une annonce' when the organisation has no listing and no credit (spec §2):
 * the owner can buy credits; an employee is told the owner does it. Both get the help link.
 */
export function CreditsNeeded({ role }: { role: string | null | undefined }) {
  const isOwner = normalizeRole(role) === 'OWNER';
  return (
    <section className="dashboard-credits" aria-labelledby="dashboard-credits-title">
      <h3 id="dashboard-credits-title" className="dashboard-credits__title">
        {texts.creditsNeededTitle}
      </h3>
      <p>{isOwner ? texts.creditsNeededOwner : texts.creditsNeededEmployee}</p>
      <div className="dashboard-credits__actions">
        {isOwner ? (
          <Button asChild>
            <Link to="/credits/buy">{texts.buyCredits}</Link>
          </Button>
        ) : null}
        <Button asChild variant="secondary">
          <Link to="/help">{texts.help}</Link>
        </Button>
      </div>
    </section>
  );
}

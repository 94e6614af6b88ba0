import { texts } from '../texts';

/** 'Oui' / 'Non' for the verified flag, with a tick or a dash that does not rely on colour alone. */
export function VerifiedMark({ verified }: { verified: boolean }) {
  return (
    <span className="console-orgs__verified" data-verified={verified ? 'true' : 'false'}>
      <span aria-hidden="true">{verified ? '✓' : '–'}</span> {verified ? texts.yes : texts.no}
    </span>
  );
}

// The choice itself, loaded once the dashboard is drawn (create-inquiry.tsx).
import { useNavigate } from '@tanstack/react-router';
import type { InquiryType } from '@terres/api-client';
import { Button } from '@terres/ui/button';
import { Dialog, DialogClose } from '@terres/ui/dialog';
import { TypeBadge } from '@terres/ui/type-badge';
import { useFocusAtLoad } from '@terres/ui/deferred-module';
import { useRef } from 'react';
import { newInquiryNavigation } from '../../../lib/new-inquiry';
import { texts } from '../texts';

const CHOICES: readonly { type: InquiryType; title: string; description: string }[] = [
  { type: 'CUT', title: texts.cutTitle, description: texts.cutDescription },
  { type: 'FILL', title: texts.fillTitle, description: texts.fillDescription },
];

/**
 * 'Créer une annonce' and its choice (spec §2): cut or fill, each explained in one line; the
 * choice opens the wizard on a new listing id with the type.
 */
export function CreateInquiryDialog({ defaultOpen = false, focusTrigger = false }: { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const navigate = useNavigate();
  const trigger = useRef<HTMLButtonElement>(null);
  useFocusAtLoad(trigger, focusTrigger);
  return (
    <Dialog
      defaultOpen={defaultOpen}
      title={texts.chooseTitle}
      description={texts.chooseDescription}
      trigger={<Button ref={trigger}>{texts.create}</Button>}
      footer={
        <DialogClose asChild>
          <Button variant="secondary">{texts.cancel}</Button>
        </DialogClose>
      }
    >
      <ul className="dashboard-choices">
        {CHOICES.map((choice) => (
          <li key={choice.type}>
            <button
              type="button"
              className="dashboard-choice"
              data-type={choice.type}
              onClick={() => void navigate(newInquiryNavigation(choice.type))}
            >
              <span className="dashboard-choice__title">
                {choice.title} <TypeBadge type={choice.type} />
              </span>
              <span className="dashboard-choice__description">{choice.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

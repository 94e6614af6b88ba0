import { HelpContent, ListingCostTable } from '@terres/app-kit';
import type { AccordionItem } from '@terres/ui/accordion';
import { ConsoleShell } from '../../../components/console-shell';
import { env } from '../../../config/env';
import { ADMIN_HELP_ITEMS, COST_TABLE_ITEM, texts, type HelpAnswer } from '../texts';

function Answer({ answer }: { answer: HelpAnswer }) {
  return (
    <>
      {answer.map((part, index) =>
        typeof part === 'string' ? (
          <p key={index}>{part}</p>
        ) : (
          <ul key={index}>
            {part.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** The admins' questions as the help page's collapsible items; the credits answer ends with the cost table. */
export function adminHelpItems(): AccordionItem[] {
  return ADMIN_HELP_ITEMS.map((item) => ({
    value: item.value,
    title: item.question,
    content: (
      <>
        <Answer answer={item.answer} />
        {item.value === COST_TABLE_ITEM ? <ListingCostTable /> : null}
      </>
    ),
  }));
}

/**
 * /help in the console (spec §2): the admins' own questions (validating listings, verifying
 * organisations, matching, transfers, the register, credits, delegated soil studies), not the
 * advertisers' FAQ, then the support address the advertisers write to.
 */
export function HelpPage({ supportEmail = env.supportEmail }: { supportEmail?: string }) {
  return (
    <ConsoleShell title={texts.title}>
      <HelpContent supportEmail={supportEmail} items={adminHelpItems()} intro={texts.intro} contactLead={texts.contactLead} />
    </ConsoleShell>
  );
}

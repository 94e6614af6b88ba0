// 'Créer une annonce' (spec §2). The choice's dialog (Radix Dialog, its focus trap and scroll
// lock: about 15 KB gzip) loads once the dashboard is drawn, or as soon as the pointer or the
// focus reaches the button, so a first visit's page does not wait for it (issue 23). A press
// before the code is there opens the choice as soon as it arrives.
import { Button } from '@terres/ui/button';
import { deferredModule, useDeferredTrigger } from '@terres/ui/deferred-module';
import { texts } from '../texts';

const choice = deferredModule(() => import('./create-inquiry-dialog'));

export function CreateInquiry() {
  const { module, openAtLoad, focusAtLoad, buttonProps } = useDeferredTrigger(choice);
  if (module) return <module.CreateInquiryDialog defaultOpen={openAtLoad} focusTrigger={focusAtLoad} />;
  return (
    <Button aria-haspopup="dialog" {...buttonProps}>
      {texts.create}
    </Button>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { ProfileStepPage } from '../../../features/onboarding/components/profile-step-page';
import { pageTitle } from '@terres/app-kit';

// Owners and employees alike complete their profile here (CONTRACT §6).
export const Route = createFileRoute('/_authenticated/onboarding/profile')({
  head: () => pageTitle('Mes informations'),
  component: ProfileStepPage,
});

import { stepperStates, stepperSteps, type StepState } from '@terres/domain';
import { Stepper, type StepperState } from '../stepper/stepper';

export interface StatusStepperProps {
  /** The listing's status; DRAFT, REJECTED and unknown highlight no step (spec §4). */
  status: string | null | undefined;
  label?: string;
  className?: string;
}

const toStepperState: Record<StepState, StepperState> = { done: 'done', active: 'current', todo: 'upcoming' };

/** The six steps of a listing's life (spec §4), from the domain's stepper mapping. */
export function StatusStepper({ status, label = "Avancement de l'annonce", className }: StatusStepperProps) {
  const states = stepperStates(status);
  const steps = stepperSteps.map((step, index) => ({
    label: step.label,
    state: toStepperState[states[index] ?? 'todo'],
  }));
  return <Stepper steps={steps} label={label} className={className} />;
}

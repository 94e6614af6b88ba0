import './stepper.css';
export type StepperState = 'done' | 'current' | 'upcoming';

export interface StepperStep {
  label: string;
  /** Number of sub-steps (the listing wizard: 5, 1, 5, 1). */
  subSteps?: number;
  /** Forces the state; by default it follows `currentStep`. */
  state?: StepperState;
  /**
   * Opens the step (the wizard: a step already filled in). A step that has it and is not the
   * current one is a button; the current step and the others stay plain text.
   */
  onSelect?: () => void;
}

export interface StepperProps {
  steps: readonly StepperStep[];
  /** Index of the current step; null or out of range: none is current. */
  currentStep?: number | null;
  /** Index of the current sub-step within the current step. */
  currentSubStep?: number;
  /** Accessible name of the list, e.g. 'Étapes de création'. */
  label: string;
  className?: string;
}

export function stepState(index: number, currentStep: number | null | undefined): StepperState {
  if (currentStep === null || currentStep === undefined || currentStep < 0) return 'upcoming';
  if (index < currentStep) return 'done';
  return index === currentStep ? 'current' : 'upcoming';
}

const STATE_TEXT: Record<StepperState, string> = {
  done: 'terminée',
  current: 'en cours',
  upcoming: 'à venir',
};

/**
 * Steps of a process (the listing wizard's 4 steps and their sub-steps). The current step
 * carries `aria-current="step"`; each step says its state to screen readers; a step with
 * `onSelect` (other than the current one) is a button, reached with Tab like any other.
 */
export function Stepper({ steps, currentStep, currentSubStep = 0, label, className }: StepperProps) {
  return (
    <ol aria-label={label} className={className ? `terres-stepper ${className}` : 'terres-stepper'}>
      {steps.map((step, index) => {
        const state = step.state ?? stepState(index, currentStep);
        const subSteps = step.subSteps ?? 0;
        const content = (
          <>
            <span className="terres-stepper__marker" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className="terres-stepper__text">
              <span className="terres-stepper__label">{step.label}</span>
              <span className="terres-stepper__sr">
                {`, étape ${index + 1} sur ${steps.length}, ${STATE_TEXT[state]}`}
              </span>
              {state === 'current' && subSteps > 1 ? (
                <span className="terres-stepper__sub">
                  <span className="terres-stepper__sub-text">
                    Sous-étape {Math.min(currentSubStep, subSteps - 1) + 1} sur {subSteps}
                  </span>
                  <span className="terres-stepper__dots" aria-hidden="true">
                    {Array.from({ length: subSteps }, (_, sub) => (
                      <span
                        key={sub}
                        className="terres-stepper__dot"
                        data-state={stepState(sub, Math.min(currentSubStep, subSteps - 1))}
                      />
                    ))}
                  </span>
                </span>
              ) : null}
            </span>
          </>
        );
        return (
          <li
            key={`${index}-${step.label}`}
            className="terres-stepper__step"
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            {step.onSelect && state !== 'current' ? (
              <button type="button" className="terres-stepper__button" onClick={step.onSelect}>
                {content}
              </button>
            ) : (
              content
            )}
          </li>
        );
      })}
    </ol>
  );
}

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Stepper } from './stepper';

/** The listing wizard: 4 steps with 5, 1, 5 and 1 sub-steps (spec §2). */
const wizardSteps = [
  { label: 'Informations du projet', subSteps: 5 },
  { label: 'Parcelles', subSteps: 1 },
  { label: 'Informations sur le sol', subSteps: 5 },
  { label: 'Récapitulatif', subSteps: 1 },
];

const meta = {
  title: 'Components/Stepper',
  component: Stepper,
  tags: ['autodocs'],
  args: { steps: wizardSteps, label: 'Étapes de création', currentStep: 0, currentSubStep: 0 },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {};

export const SubStep: Story = {
  args: { currentStep: 2, currentSubStep: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Sous-étape 4 sur 5')).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
  },
};

export const LastStep: Story = { args: { currentStep: 3 } };

/** No current step (nothing started). */
export const NoneCurrent: Story = { args: { currentStep: null } };

export const Empty: Story = { args: { steps: [] } };

/** The wizard past its first step: the filled-in steps open with a click or Enter. */
export const SelectableSteps: Story = {
  args: {
    currentStep: 2,
    currentSubStep: 1,
    steps: wizardSteps.map((step, index) => (index < 2 ? { ...step, onSelect: fn() } : step)),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('button', { name: /^Informations du projet/ });
    await userEvent.click(first);
    await expect(args.steps[0]?.onSelect).toHaveBeenCalled();
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
  },
};

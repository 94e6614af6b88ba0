import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SoilAcceptance } from './soil-acceptance';

const meta = {
  title: 'Components/SoilAcceptance',
  component: SoilAcceptance,
  tags: ['autodocs'],
  args: {
    label: 'Terres acceptées',
    receivingUse: 'UNDER_BUILDING',
    acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'CASE_BY_CASE'],
    acceptedWasteCodes: ['17 05 04', '20 02 02'],
  },
} satisfies Meta<typeof SoilAcceptance>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A FILL site under a building: three classes, two codes. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sous ou en contre-voile de bâtiment')).toBeInTheDocument();
  },
};

/** A listing saved before the classes existed. */
export const NotProvided: Story = { args: { receivingUse: null, acceptedQualityClasses: [], acceptedWasteCodes: [] } };

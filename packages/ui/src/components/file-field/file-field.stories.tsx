import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@terres/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileField } from './file-field';

function sampleFile(name: string, size: number, type: string): File {
  return new File([new Uint8Array(size)], name, { type });
}

const meta = {
  title: 'Formulaires/FileField',
  component: FileField,
  tags: ['autodocs'],
  args: { label: 'Étude de sol', onFilesChange: fn(), onReject: fn() },
} satisfies Meta<typeof FileField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: the formats and the 5 Mo limit as hint. */
export const Empty: Story = {};

export const Required: Story = { args: { label: "Permis d'aménager", required: true } };

export const WithFile: Story = {
  args: { defaultValue: [sampleFile('etude-de-sol.pdf', 312_000, 'application/pdf')] },
};

export const Multiple: Story = {
  args: {
    label: 'Documents',
    multiple: true,
    defaultValue: [
      sampleFile('plan-de-masse.png', 1_450_000, 'image/png'),
      sampleFile('metres.xlsx', 48_000, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    ],
  },
};

/** A file over 5 Mo is refused with the domain's exact message. */
export const TooLarge: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByLabelText('Étude de sol'), sampleFile('scan.pdf', 5 * 1024 * 1024 + 1, 'application/pdf'));
    await expect(canvas.getByRole('alert')).toHaveTextContent(messages.fileTooLarge);
    await expect(args.onFilesChange).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: { error: messages.soilStudyRequired },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(messages.soilStudyRequired);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: [sampleFile('etude-de-sol.pdf', 312_000, 'application/pdf')] },
};

/** Tab reaches the file input; the ring shows around the zone. */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByLabelText('Étude de sol')).toHaveFocus();
  },
};

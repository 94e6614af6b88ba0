import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion } from './accordion';

/** The help page's four FAQ items (spec §1). */
const faq = [
  {
    value: 'create',
    title: 'Comment créer une annonce ?',
    content: <p>Depuis « Mes annonces », choisissez « Créer une annonce », puis déblai ou remblai, et suivez les quatre étapes.</p>,
  },
  {
    value: 'edit',
    title: 'Comment modifier une annonce ?',
    content: <p>Une annonce en brouillon ou refusée se modifie depuis sa page de détail.</p>,
  },
  {
    value: 'delete',
    title: 'Comment supprimer une annonce ?',
    content: <p>Seuls les brouillons peuvent être supprimés, depuis leur page de détail.</p>,
  },
  {
    value: 'support',
    title: 'Comment contacter le support ?',
    content: <p>Écrivez-nous à support@bourse-terres.test, nous répondons sous deux jours ouvrés.</p>,
  },
];

const meta = {
  title: 'Components/Accordion',
  component: Accordion,
  tags: ['autodocs'],
  args: { items: faq },
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HelpFaq: Story = {};

export const Opened: Story = { args: { defaultOpen: ['create'] } };

/** Keyboard: Tab to a title, Enter opens it, arrow keys move to the next title. */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const first = canvas.getByRole('button', { name: 'Comment créer une annonce ?' });
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('button', { name: 'Comment modifier une annonce ?' })).toHaveFocus();
  },
};

export const Hovered: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'Comment supprimer une annonce ?' }));
  },
};

export const WithDisabledItem: Story = {
  args: { items: [...faq.slice(0, 3), { ...faq[3]!, disabled: true }] },
};

export const Multiple: Story = { args: { type: 'multiple', defaultOpen: ['create', 'support'] } };

export const Empty: Story = { args: { items: [] } };

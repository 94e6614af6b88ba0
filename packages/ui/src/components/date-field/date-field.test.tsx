import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addYears, calendarDateToDisplay, dateError, messages, todayInParis } from '@terres/domain';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField, parseFrenchDate } from './date-field';

describe('parseFrenchDate', () => {
  it('reads DD/MM/YYYY and DDMMYYYY into ISO, and refuses impossible days', () => {
    expect(parseFrenchDate('25/12/2026')).toBe('2026-12-25');
    expect(parseFrenchDate('5/1/2027')).toBe('2027-01-05');
    expect(parseFrenchDate('25122026')).toBe('2026-12-25');
    expect(parseFrenchDate('30/02/2027')).toBeNull();
    expect(parseFrenchDate('2026-12-25')).toBeNull();
  });
});

describe('DateField', () => {
  it('turns a typed French date into an ISO value', async () => {
    const onValueChange = vi.fn();
    render(<DateField label="Date de début" onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Date de début' });
    expect(input).toHaveAttribute('placeholder', 'JJ/MM/AAAA');
    expect(input).toHaveAccessibleDescription('Format attendu : JJ/MM/AAAA');
    await userEvent.type(input, '25/12/2030');
    expect(onValueChange).toHaveBeenLastCalledWith('2030-12-25');
    await userEvent.type(input, '{Backspace}');
    expect(onValueChange).toHaveBeenLastCalledWith('');
  });

  it('shows an ISO value as DD/MM/YYYY and follows the parent', async () => {
    function Controlled() {
      const [value, setValue] = useState('2027-03-01');
      return (
        <>
          <DateField label="Date de fin" value={value} onValueChange={setValue} />
          <button type="button" onClick={() => setValue('')}>
            Effacer
          </button>
          <output>{value || 'vide'}</output>
        </>
      );
    }
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Date de fin' });
    expect(input).toHaveValue('01/03/2027');
    await userEvent.clear(input);
    await userEvent.type(input, '02/03/2027');
    expect(screen.getByRole('status')).toHaveTextContent('2027-03-02');
    await userEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(input).toHaveValue('');
  });

  it('on leaving, says an unreadable date is invalid', async () => {
    render(<DateField label="Date de début" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Date de début' }), '31/02/2027');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.dateInvalid);
  });

  it("on leaving, gives the domain's window messages for min and max", async () => {
    const today = todayInParis();
    const max = addYears(today, 2);
    render(<DateField label="Date de début" min={today} max={max} picker={false} />);
    const input = screen.getByRole('textbox', { name: 'Date de début' });
    await userEvent.type(input, calendarDateToDisplay(addYears(today, 3)));
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `La date ne peut pas être postérieure au ${calendarDateToDisplay(max)}.`,
    );
    await userEvent.clear(input);
    await userEvent.type(input, calendarDateToDisplay(addYears(today, -1)));
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.dateBeforeToday);
  });

  it("shows the form's error (the domain's dateError) and marks the field invalid", () => {
    render(<DateField label="Date de début" required error={dateError('')} />);
    const input = screen.getByRole('textbox', { name: 'Date de début' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.required);
  });

  it('takes a day from the calendar picker', () => {
    const onValueChange = vi.fn();
    const { container } = render(<DateField label="Date de début" onValueChange={onValueChange} />);
    expect(screen.getByRole('button', { name: 'Choisir la date dans le calendrier' })).toBeEnabled();
    const native = container.querySelector('input[type="date"]');
    expect(native).not.toBeNull();
    fireEvent.change(native as HTMLInputElement, { target: { value: '2027-06-15' } });
    expect(screen.getByRole('textbox', { name: 'Date de début' })).toHaveValue('15/06/2027');
    expect(onValueChange).toHaveBeenLastCalledWith('2027-06-15');
  });

  it('is inert when disabled', () => {
    render(<DateField label="Date de début" disabled defaultValue="2027-01-01" />);
    expect(screen.getByRole('textbox', { name: 'Date de début' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choisir la date dans le calendrier' })).toBeDisabled();
  });
});

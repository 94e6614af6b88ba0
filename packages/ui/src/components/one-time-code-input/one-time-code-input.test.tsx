import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OneTimeCodeField, OneTimeCodeInput } from './one-time-code-input';

const box = (n: number) => screen.getByRole('textbox', { name: `Chiffre ${n} sur 6` });

describe('OneTimeCodeInput', () => {
  it('shows six labelled one-digit boxes in a named group', () => {
    render(<OneTimeCodeInput />);
    expect(screen.getByRole('group', { name: 'Code de vérification' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
  });

  it('moves forward as digits are typed, ignores letters, and submits at the sixth digit', async () => {
    const onChange = vi.fn();
    const onComplete = vi.fn();
    render(<OneTimeCodeInput onChange={onChange} onComplete={onComplete} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12a3');
    expect(box(1)).toHaveValue('1');
    expect(box(3)).toHaveValue('3');
    expect(box(4)).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('123');
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('fills every box from a pasted code', async () => {
    const onComplete = vi.fn();
    render(<OneTimeCodeInput onComplete={onComplete} />);
    await userEvent.click(box(3));
    await userEvent.paste(' 987 654 ');
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value).join('')).toBe('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
    expect(box(6)).toHaveFocus();
  });

  it('goes back and clears with Backspace on an empty box', async () => {
    const onChange = vi.fn();
    render(<OneTimeCodeInput onChange={onChange} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(box(2)).toHaveValue('');
    expect(onChange).toHaveBeenLastCalledWith('1');
    await userEvent.keyboard('{ArrowLeft}');
    expect(box(1)).toHaveFocus();
  });

  it('is cleared by the parent', async () => {
    function Screen() {
      const [code, setCode] = useState('');
      return (
        <>
          <OneTimeCodeInput value={code} onChange={setCode} />
          <button type="button" onClick={() => setCode('')}>
            Changer d&apos;email
          </button>
        </>
      );
    }
    render(<Screen />);
    await userEvent.click(box(1));
    await userEvent.keyboard('42');
    expect(box(2)).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: "Changer d'email" }));
    expect(box(1)).toHaveValue('');
    expect(box(2)).toHaveValue('');
  });

  it('announces an error on every box', () => {
    render(<OneTimeCodeInput error="Code incorrect. Veuillez réessayer." defaultValue="123456" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Code incorrect. Veuillez réessayer.');
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
    expect(box(6)).toHaveAccessibleDescription('Code incorrect. Veuillez réessayer.');
  });

  it('keeps a refused code, selected from the first box: the next digit replaces all of it (issue 21)', async () => {
    const onComplete = vi.fn();
    function Refusing() {
      const [code, setCode] = useState('');
      const [error, setError] = useState<string>();
      return (
        <OneTimeCodeInput
          value={code}
          error={error}
          onChange={(next) => {
            setCode(next);
            if (next.length > 0) setError(undefined);
          }}
          onComplete={(complete) => {
            onComplete(complete);
            setError('Code incorrect. Veuillez réessayer.');
          }}
        />
      );
    }
    render(<Refusing />);
    await userEvent.click(box(1));
    await userEvent.keyboard('123456');
    expect(screen.getByText('Code incorrect. Veuillez réessayer.')).toBeInTheDocument();
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe('123456');
    expect(box(1)).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Code de vérification' })).toHaveAttribute('data-refused');

    await userEvent.keyboard('9');
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value)).toEqual(['9', '', '', '', '', '']);
    expect(box(2)).toHaveFocus();
    expect(screen.queryByText('Code incorrect. Veuillez réessayer.')).not.toBeInTheDocument();
    await userEvent.keyboard('87654');
    expect(onComplete).toHaveBeenLastCalledWith('987654');
    // Backspace over a refused code clears it.
    await userEvent.keyboard('{Backspace}');
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe('');
    expect(box(1)).toHaveFocus();
  });

  it('cannot be typed into when disabled', async () => {
    const onChange = vi.fn();
    render(<OneTimeCodeInput disabled onChange={onChange} />);
    for (const input of screen.getAllByRole('textbox')) expect(input).toBeDisabled();
    await userEvent.type(box(1), '1');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('OneTimeCodeField', () => {
  it('is one numeric field of at most 6 digits with the one-time-code autofill', async () => {
    const onValueChange = vi.fn();
    const onComplete = vi.fn();
    render(<OneTimeCodeField onValueChange={onValueChange} onComplete={onComplete} />);
    const input = screen.getByRole('textbox', { name: 'Code de vérification' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('placeholder', '123456');
    await userEvent.type(input, '12a34567');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(onValueChange).toHaveBeenLastCalledWith('123456');
  });
});

import { FormField } from '@terres/ui/form-field';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import './address-search.css';
import {
  ADDRESS_DEBOUNCE_MS,
  ADDRESS_SERVICE_UNAVAILABLE,
  DEFAULT_ADDRESS_SERVICE_URL,
  NO_ADDRESS_FOUND,
  isAddressQuery,
  searchAddresses,
} from './address-service';
import type { AddressResult } from './address-service';

export * from './address-service';

export interface AddressSearchProps {
  /** Called with the chosen address: label, postcode, city, street and [lat, lng]. */
  onSelect: (address: AddressResult) => void;
  /** Base URL of the address service; default DEFAULT_ADDRESS_SERVICE_URL. */
  baseUrl?: string;
  /** Visible label of the field. */
  label?: string;
  placeholder?: string;
  /** Initial text of the field (an address already chosen). */
  defaultValue?: string;
  className?: string;
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; results: AddressResult[] }
  | { kind: 'error' };

/**
 * Address autocomplete on the national address service, as a WAI-ARIA combobox: 3 characters,
 * 250 ms debounce, the previous request aborted, answers cached per query; arrows move through
 * the suggestions (aria-activedescendant), Enter picks one, Escape closes the list.
 */
export function AddressSearch({
  onSelect,
  baseUrl = DEFAULT_ADDRESS_SERVICE_URL,
  label = 'Rechercher une adresse',
  placeholder = 'Numéro, rue, commune…',
  defaultValue = '',
  className,
}: AddressSearchProps) {
  const inputId = useId();
  const listboxId = useId();
  const [query, setQuery] = useState(defaultValue);
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text put in the field by a choice must not start a new search.
  const chosen = useRef<string | null>(defaultValue || null);

  useEffect(() => {
    if (!isAddressQuery(query) || query === chosen.current) {
      setState({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ kind: 'loading' });
      searchAddresses(query, { baseUrl, signal: controller.signal }).then(
        (results) => {
          if (controller.signal.aborted) return;
          setState({ kind: 'done', results });
          setActive(-1);
          setOpen(true);
        },
        () => {
          if (controller.signal.aborted) return;
          setState({ kind: 'error' });
          setOpen(true);
        },
      );
    }, ADDRESS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, baseUrl]);

  const results = state.kind === 'done' ? state.results : [];
  const expanded = open && results.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const choose = (result: AddressResult) => {
    chosen.current = result.label;
    setQuery(result.label);
    setOpen(false);
    setActive(-1);
    onSelect(result);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (!open) return step === 1 ? 0 : results.length - 1;
        return (current + step + results.length) % results.length;
      });
    } else if (event.key === 'Enter') {
      const result = expanded && active >= 0 ? results[active] : undefined;
      if (result) {
        event.preventDefault();
        choose(result);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query !== '') {
        event.preventDefault();
        setQuery('');
      }
    }
  };

  let message: string | null = null;
  if (open && state.kind === 'done' && results.length === 0) message = NO_ADDRESS_FOUND;
  if (open && state.kind === 'error') message = ADDRESS_SERVICE_UNAVAILABLE;

  const statusText = state.kind === 'loading' ? 'Recherche en cours…' : message;

  return (
    <FormField id={inputId} label={label} className={className ? `terres-address-search ${className}` : 'terres-address-search'}>
      {({ labelId: _labelId, ...control }) => (
        <div className="terres-address-search__control">
          <div className="terres-address-search__anchor">
            <input
              {...control}
              type="text"
              role="combobox"
              className="terres-input terres-address-search__input"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listboxId}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              aria-busy={state.kind === 'loading' || undefined}
              autoComplete="off"
              placeholder={placeholder}
              value={query}
              onChange={(event) => {
                chosen.current = null;
                setQuery(event.target.value);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setOpen(false)}
              onFocus={() => {
                if (results.length > 0) setOpen(true);
              }}
            />
            <ul id={listboxId} role="listbox" aria-label="Adresses proposées" hidden={!expanded} className="terres-address-search__listbox">
              {results.map((result, index) => (
                <li
                  key={`${result.label}-${index}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className="terres-address-search__option"
                  // Keep the focus in the field: the click below picks the option. Hovering does not move
                  // the active option: a list appearing under a resting pointer must not steal the keyboard's choice.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(result)}
                >
                  {result.label}
                </li>
              ))}
            </ul>
          </div>
          <div
            role="status"
            aria-live="polite"
            className="terres-address-search__status"
            data-tone={state.kind === 'error' ? 'danger' : undefined}
          >
            {statusText}
          </div>
        </div>
      )}
    </FormField>
  );
}

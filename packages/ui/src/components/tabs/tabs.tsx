import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import './tabs.css';

export interface TabsItem {
  value: string;
  label: string;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabsItem[];
  /** Accessible name of the tab list. */
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/**
 * In-page tabs (Radix Tabs: arrow keys move between tabs, Tab goes into the panel).
 * For tabs that are pages with their own URL, use `TabMenu`.
 */
export function Tabs({ items, label, defaultValue, value, onValueChange, className }: TabsProps) {
  return (
    <RadixTabs.Root
      className={className ? `terres-tabs ${className}` : 'terres-tabs'}
      defaultValue={defaultValue ?? items.find((item) => !item.disabled)?.value}
      value={value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className="terres-tabs__list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className="terres-tabs__trigger">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="terres-tabs__panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

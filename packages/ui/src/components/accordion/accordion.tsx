import * as RadixAccordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import './accordion.css';

export interface AccordionItem {
  value: string;
  title: string;
  content: ReactNode;
  disabled?: boolean;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** `single` (default): one item open at a time, and it can be closed again. */
  type?: 'single' | 'multiple';
  /** Items open at first. */
  defaultOpen?: readonly string[];
  className?: string;
}

/**
 * Collapsible sections (Radix Accordion): the help page's FAQ. Each title is a heading
 * holding a button (Enter or Space toggles, arrow keys move between titles).
 */
export function Accordion({ items, type = 'single', defaultOpen = [], className }: AccordionProps) {
  const classes = className ? `terres-accordion ${className}` : 'terres-accordion';
  const children = items.map((item) => (
    <RadixAccordion.Item key={item.value} value={item.value} disabled={item.disabled} className="terres-accordion__item">
      <RadixAccordion.Header className="terres-accordion__header">
        <RadixAccordion.Trigger className="terres-accordion__trigger">
          <span>{item.title}</span>
          <span className="terres-accordion__chevron" aria-hidden="true" />
        </RadixAccordion.Trigger>
      </RadixAccordion.Header>
      <RadixAccordion.Content className="terres-accordion__content">
        <div className="terres-accordion__body">{item.content}</div>
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  ));
  if (type === 'multiple') {
    return (
      <RadixAccordion.Root type="multiple" defaultValue={[...defaultOpen]} className={classes}>
        {children}
      </RadixAccordion.Root>
    );
  }
  return (
    <RadixAccordion.Root type="single" collapsible defaultValue={defaultOpen[0]} className={classes}>
      {children}
    </RadixAccordion.Root>
  );
}

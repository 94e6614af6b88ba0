import './pins-legend.css';

export interface PinsLegendProps {
  /** Shown above the keys ('Légende'). */
  title?: string;
  className?: string;
}

/** The keys, in the words of the map's own pins (ListingPins' popups and group names). */
export const PINS_LEGEND_TEXTS = {
  title: 'Légende',
  cut: 'Déblais : terres à évacuer',
  fill: 'Remblais : terres recherchées',
  group: 'Groupe d’annonces proches (anneau jaune et rouge selon leur part) : cliquez pour zoomer',
} as const;

/**
 * What the admin map's marks mean (issue 21, "the map page opening on the map, with a legend"):
 * a yellow pin for a cut, a red one for a fill, a ring for a group. Drawn in CSS with the pins'
 * own colours, without Leaflet: a page can show it before the map has loaded.
 */
export function PinsLegend({ title = PINS_LEGEND_TEXTS.title, className }: PinsLegendProps) {
  return (
    <div className={className ? `terres-pins-legend ${className}` : 'terres-pins-legend'} role="group" aria-label={title}>
      <p className="terres-pins-legend__title" aria-hidden="true">
        {title}
      </p>
      <ul className="terres-pins-legend__keys">
        <li>
          <span className="terres-pins-legend__pin" data-type="CUT" aria-hidden="true" />
          {PINS_LEGEND_TEXTS.cut}
        </li>
        <li>
          <span className="terres-pins-legend__pin" data-type="FILL" aria-hidden="true" />
          {PINS_LEGEND_TEXTS.fill}
        </li>
        <li>
          <span className="terres-pins-legend__group" aria-hidden="true" />
          {PINS_LEGEND_TEXTS.group}
        </li>
      </ul>
    </div>
  );
}

/** The document title of a page: 'Mes annonces · Bourse aux terres' (use in a route's `head`). */
export function pageTitle(...parts: (string | null | undefined)[]): { meta: { title: string }[] } {
  const title = [...parts.filter((part): part is string => Boolean(part && part.trim())), 'Bourse aux terres'].join(' · ');
  return { meta: [{ title }] };
}

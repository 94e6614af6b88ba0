// The wizard's URL search: `?type=CUT&step=3&sub=2`. The current sub-step lives in the URL so
// that a reload, the browser's back and forward buttons and a shared link all land on it; the
// values themselves are saved on the draft at each Next, so the URL never holds user data.
// Anything unreadable counts as absent (the wizard then starts at the first sub-step).
import * as v from 'valibot';

/** A listing type read from anything (navigation state, a parameter), or undefined. */
export function readInquiryType(value: unknown): 'CUT' | 'FILL' | undefined {
  const upper = typeof value === 'string' ? value.toUpperCase() : undefined;
  return upper === 'CUT' || upper === 'FILL' ? upper : undefined;
}

const position = (max: number) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value): number | undefined => {
        const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
        return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
      }),
    ),
  );

export const wizardSearchSchema = v.object({
  /** The listing type of a new draft (the dashboard also passes it in navigation state). */
  type: v.optional(v.pipe(v.unknown(), v.transform(readInquiryType))),
  step: position(4),
  sub: position(5),
});

export type WizardSearch = v.InferOutput<typeof wizardSearchSchema>;

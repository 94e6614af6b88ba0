import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validators/field-errors';
import { matchingMessages } from './messages';
import { createMatchDoneSchema, matchTransitionError, nextMatchStatuses } from './proposals';

describe('match lifecycle', () => {
  it('moves proposed -> accepted or declined, accepted -> done or declined', () => {
    expect(nextMatchStatuses('PROPOSED')).toEqual(['ACCEPTED', 'DECLINED']);
    expect(nextMatchStatuses('ACCEPTED')).toEqual(['DONE', 'DECLINED']);
    expect(nextMatchStatuses('DONE')).toEqual([]);
    expect(matchTransitionError('PROPOSED', 'ACCEPTED')).toBeNull();
    expect(matchTransitionError('ACCEPTED', 'DONE')).toBeNull();
  });

  it('answers each refused move in French', () => {
    expect(matchTransitionError('PROPOSED', 'DONE')).toBe('Une mise en relation proposée ne peut pas devenir réalisée.');
    expect(matchTransitionError('DECLINED', 'ACCEPTED')).toBe('Une mise en relation refusée ne peut pas devenir acceptée.');
    expect(matchTransitionError('DONE', 'DONE')).toBe('Cette mise en relation est déjà réalisée.');
    expect(matchTransitionError('PROPOSED', 'LOST')).toBe(matchingMessages.matchStatusUnknown);
  });
});

describe('createMatchDoneSchema', () => {
  const schema = createMatchDoneSchema({ now: new Date('2027-05-10T10:00:00Z') });

  it('takes the moved volume and a past transfer day', () => {
    expect(v.parse(schema, { movedVolumeM3: 3200.5, transferDate: '2027-05-10' })).toEqual({ movedVolumeM3: 3200.5, transferDate: '2027-05-10' });
    expect(v.parse(schema, { movedVolumeM3: 10 })).toEqual({ movedVolumeM3: 10 });
  });

  it('refuses a missing or zero volume and a future day', () => {
    expect(fieldErrors(v.safeParse(schema, {}))).toEqual({ movedVolumeM3: matchingMessages.movedVolumeRequired });
    expect(fieldErrors(v.safeParse(schema, { movedVolumeM3: 0 }))).toEqual({ movedVolumeM3: matchingMessages.movedVolumeRequired });
    expect(fieldErrors(v.safeParse(schema, { movedVolumeM3: 5, transferDate: '2027-05-11' }))).toEqual({
      transferDate: matchingMessages.transferDateInFuture,
    });
    expect(fieldErrors(v.safeParse(schema, { movedVolumeM3: 5, transferDate: '2027-02-30' }))).toEqual({
      transferDate: matchingMessages.transferDateInvalid,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES } from '../status/status';
import { editableFields, forbiddenFields, INQUIRY_WIRE_FIELDS, inquiryFieldRules } from './field-rules';
import { LISTING_FIELD_KEYS } from './fields';

describe('inquiry field rules', () => {
  it('declares every wire field of the contract once', () => {
    expect(INQUIRY_WIRE_FIELDS).toHaveLength(LISTING_FIELD_KEYS.length);
    expect(new Set(INQUIRY_WIRE_FIELDS).size).toBe(LISTING_FIELD_KEYS.length);
    expect(inquiryFieldRules.project_name).toEqual({ label: 'Nom du projet', required: true, sealed: false });
  });

  it('advertisers edit unsealed fields of DRAFT and REJECTED listings only', () => {
    for (const role of ['OWNER', 'employee']) {
      for (const status of INQUIRY_STATUSES) {
        const fields = editableFields(status, role);
        if (status === 'DRAFT' || status === 'REJECTED') {
          expect(fields).toContain('project_name');
          expect(fields).not.toContain('type');
          expect(fields).not.toContain('status');
        } else {
          expect(fields).toEqual([]);
        }
      }
    }
  });

  it('admins and unknown roles edit no field', () => {
    expect(editableFields('DRAFT', 'ADMIN')).toEqual([]);
    expect(editableFields('DRAFT', 'guest')).toEqual([]);
  });

  it('lists the keys of a patch that may not change', () => {
    expect(forbiddenFields({ project_name: 'x', type: 'FILL', hacked: 1 }, 'DRAFT', 'OWNER')).toEqual(['type', 'hacked']);
    expect(forbiddenFields({ project_name: 'x' }, 'APPROVED', 'OWNER')).toEqual(['project_name']);
  });
});

import { describe, expect, it } from 'vitest';
import { readFlashMessage } from '../../lib/flash-message.ts';
import { deletedLeadFlash, readDeletedLeadId } from './deleted-lead-flash.ts';

describe('deleted lead flash', () => {
  it('deleted lead › the inbox reads the message and the lead to restore from one state', () => {
    const state = deletedLeadFlash({ id: 'lead-1', title: 'New lead: Lena' });
    expect(readFlashMessage(state)).toBe('Lead “New lead: Lena” deleted.');
    expect(readDeletedLeadId(state)).toBe('lead-1');
  });

  it('deleted lead › anything else in history is ignored', () => {
    expect(readDeletedLeadId(null)).toBeUndefined();
    expect(readDeletedLeadId({ message: 'Flow created successfully.' })).toBeUndefined();
    expect(readDeletedLeadId({ deletedLeadId: 3 })).toBeUndefined();
    expect(readDeletedLeadId({ deletedLeadId: '' })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { CreateEntitySchema, SelectPlanSchema } from './entities.ts';

function nameMessages(name: unknown) {
  const result = CreateEntitySchema.safeParse({ name });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('spec section 5 › entity name', () => {
  it("says 'Entity name is required' when empty, blank or missing", () => {
    expect(nameMessages('')).toEqual(['Entity name is required']);
    expect(nameMessages('  \u0000 ')).toEqual(['Entity name is required']);
    expect(nameMessages(undefined)).toEqual(['Entity name is required']);
  });

  it("says 'Please enter a valid Entity name.' below 3 characters", () => {
    expect(nameMessages('Ab')).toEqual(['Please enter a valid Entity name.']);
    expect(nameMessages(' Ab ')).toEqual(['Please enter a valid Entity name.']);
  });

  it('caps the name at 100 characters', () => {
    expect(nameMessages('a'.repeat(100))).toEqual([]);
    expect(nameMessages('a'.repeat(101))).toEqual(['Entity name must be 100 characters or less.']);
  });

  it('sanitises before checking', () => {
    expect(CreateEntitySchema.parse({ name: '  Acme\u0007 Homes ' })).toEqual({ name: 'Acme Homes' });
  });
});

describe('spec section 5 › plan selection', () => {
  it.each([undefined, '', 'platinum', 'Growth', 3])("says 'Please select a plan.' for %s", (plan) => {
    const result = SelectPlanSchema.safeParse({ plan });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual(['Please select a plan.']);
  });

  it('accepts each plan id', () => {
    for (const plan of ['starter', 'growth', 'pro', 'elite'])
      expect(SelectPlanSchema.parse({ plan })).toEqual({ plan });
  });
});

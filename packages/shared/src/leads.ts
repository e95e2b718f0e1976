import { z } from 'zod';

/** Where a lead stands (decision 024): nobody on it yet, someone on it, answered. */
export const LEAD_STATUSES = ['open', 'claimed', 'done'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What people did with a lead, kept for its timeline. */
export const LEAD_EVENT_KINDS = ['claimed', 'released', 'done', 'seen'] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

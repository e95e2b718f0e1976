import { z } from 'zod';
import { textField } from './fields.ts';

export const FlowInputSchema = z.object({
  name: textField({ min: [3, 'Please enter valid Name'], max: [100, 'Name must be 100 characters or less.'] }),
  title: textField({ min: [3, 'Please enter valid Title'], max: [200, 'Title must be 200 characters or less.'] }),
  message: textField({
    min: [10, 'Please enter valid Message'],
    max: [2000, 'Message must be 2000 characters or less.'],
    multiline: true,
  }),
});
export type FlowInput = z.infer<typeof FlowInputSchema>;

export const FlowSchema = z.object({
  flowId: z.string(),
  name: z.string(),
  title: z.string(),
  message: z.string(),
  notificationCount: z.number(),
  lastNotificationAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flow = z.infer<typeof FlowSchema>;

export const FlowListSchema = z.object({ data: z.array(FlowSchema) });
export type FlowList = z.infer<typeof FlowListSchema>;

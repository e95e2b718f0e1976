import { useSyncExternalStore } from 'react';
import { connectionStatus, subscribeConnectionStatus, type ConnectionStatus } from '../../lib/connection-status.ts';

/** Whether Leadbell is reachable (lib/connection-status.ts), re-rendering when it changes. */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(subscribeConnectionStatus, connectionStatus, () => 'online');
}

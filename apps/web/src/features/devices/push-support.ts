export type PushSupport = 'supported' | 'unsupported' | 'ios-install';

export type PushEnvironment = {
  userAgent: string;
  maxTouchPoints: number;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  /** Opened from the home screen or as an installed app. */
  isStandalone: boolean;
};

/**
 * Whether this browser can receive Web Push. iOS and iPadOS grant push only to a web app opened
 * from the Home Screen (Safari 16.4+); in a Safari tab `PushManager` does not even exist, so the
 * owner is told to install the app rather than that the browser cannot do it.
 */
export function pushSupportOf(env: PushEnvironment): PushSupport {
  // iPadOS 13+ reports itself as a Mac; only the touch screen tells them apart.
  const isIos = /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1);
  if (isIos && !env.isStandalone) return 'ios-install';
  if (!env.hasServiceWorker || !env.hasPushManager || !env.hasNotification) return 'unsupported';
  return 'supported';
}

/** The environment of the running page. */
export function currentPushEnvironment(): PushEnvironment {
  const navigatorWithStandalone = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    isStandalone:
      navigatorWithStandalone.standalone === true || window.matchMedia('(display-mode: standalone)').matches,
  };
}

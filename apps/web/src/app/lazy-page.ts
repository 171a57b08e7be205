import type { ComponentType } from 'react';
import { messages } from '@credence/contracts';

const RELOAD_FLAG = 'credence.chunkReloadAt';
/** A second failure within this time after a reload is a real failure, not a new deployment. */
const RELOAD_GUARD_MS = 30_000;

/**
 * A lazily loaded route module failing to load usually means a new version was deployed and the old
 * chunk files are gone: tell the user ('Update available') and reload once (spec 1 §8). A flag in
 * sessionStorage keeps a broken deployment from reloading forever; the route's error page shows then.
 */
const handleChunkLoadError = (error: unknown): never => {
  let lastReload = 0;
  try {
    lastReload = Number(window.sessionStorage.getItem(RELOAD_FLAG)) || 0;
  } catch {
    lastReload = Date.now();
  }
  if (Date.now() - lastReload > RELOAD_GUARD_MS) {
    try {
      window.sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
    } catch {
      // Without the flag we still reload once; the next failure stays on the error page.
    }
    window.alert(messages.errors.updateAvailable);
    window.location.reload();
  }
  throw error;
};

/** `lazy` of a route whose module exports the page component under `name`. */
export const lazyPage =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await load();
      return { Component: module[name] };
    } catch (error) {
      return handleChunkLoadError(error);
    }
  };

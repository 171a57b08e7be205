import { cloneElement, lazy, Suspense, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import type { DialogProps } from '@mui/material/Dialog';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import type { PopperProps } from '@mui/material/Popper';
import type { TooltipProps } from '@mui/material/Tooltip';

/**
 * MUI's overlays for the shell, loaded after the first paint (issue 17, item 10): menus, popovers, dialogs,
 * poppers and tooltips (Popper.js, transitions, menu lists) are ~20 KB gzip that the first paint of every
 * page does not need. Menu, Popover, Dialog and Popper load the first time they open and then stay mounted,
 * so their closing transitions play as before; all of them are fetched as soon as the browser is idle after
 * the first paint, so a click rarely waits. Pages loaded lazily import MUI's components directly.
 */
const loaders = {
  menu: () => import('@mui/material/Menu'),
  popover: () => import('@mui/material/Popover'),
  dialog: () => import('@mui/material/Dialog'),
  popper: () => import('@mui/material/Popper'),
  tooltip: () => import('@mui/material/Tooltip'),
};

let prefetched = false;
let TooltipComponent: ComponentType<TooltipProps> | null = null;
const tooltipListeners = new Set<() => void>();
const prefetchWhenIdle = () => {
  if (prefetched) return;
  prefetched = true;
  const load = () => {
    Object.values(loaders).forEach((loader) => void loader().catch(() => undefined));
    void loaders.tooltip().then(
      (module) => {
        TooltipComponent = module.default;
        tooltipListeners.forEach((listener) => listener());
      },
      () => undefined,
    );
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 3000 });
  else window.setTimeout(load, 1000);
};

const lazyOverlay = <P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) => {
  const Overlay = lazy(load);
  const LazyOverlay = (props: P) => {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    useEffect(prefetchWhenIdle, []);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  };
  return LazyOverlay;
};

export const LazyMenu = lazyOverlay<MenuProps>(loaders.menu);
export const LazyPopover = lazyOverlay<PopoverProps>(loaders.popover);
export const LazyDialog = lazyOverlay<DialogProps>(loaders.dialog);
export const LazyPopper = lazyOverlay<PopperProps>(loaders.popper);

/**
 * MUI's Tooltip once its code has arrived (moments after the first paint); until then the child alone, named
 * by the title as Tooltip names it, so the accessible name never depends on the download.
 */
export const LazyTooltip = (props: TooltipProps) => {
  const [Tooltip, setTooltip] = useState(() => TooltipComponent);
  useEffect(() => {
    prefetchWhenIdle();
    if (Tooltip) return;
    const listener = () => setTooltip(() => TooltipComponent);
    tooltipListeners.add(listener);
    listener();
    return () => void tooltipListeners.delete(listener);
  }, [Tooltip]);
  if (Tooltip) return <Tooltip {...props} />;
  const child = props.children as ReactElement<{ 'aria-label'?: string }>;
  // As MUI's Tooltip does: the title names the child unless the child passes `aria-label` itself — even as
  // undefined (a side-menu item cut to 'Federal Reserve Consum...' keeps its visible text as its name).
  const named = typeof props.title === 'string' && !props.describeChild && !('aria-label' in child.props);
  return named ? cloneElement(child, { 'aria-label': props.title as string }) : child;
};

// A remembered window geometry, checked and fitted to the displays attached now: a display may
// have been unplugged or the state file edited, and a window off every screen is lost.
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowGeometry {
  /** Absent: let the system place the window (centred). */
  position?: { x: number; y: number };
  width: number;
  height: number;
  maximized: boolean;
}

export const MIN_WIDTH = 480;
export const MIN_HEIGHT = 360;
export const DEFAULT_GEOMETRY: WindowGeometry = { width: 1200, height: 800, maximized: false };

const MAX_COORDINATE = 100_000;

/** The geometry a state file holds, or null when it is not one. */
export function parseGeometry(raw: unknown): WindowGeometry | null {
  const stored = z.record(z.string(), z.unknown()).safeParse(raw);
  if (!stored.success) return null;
  const { x, y, width, height, maximized } = stored.data;
  if (!isCoordinate(width) || !isCoordinate(height) || width <= 0 || height <= 0) return null;
  const geometry: WindowGeometry = { width, height, maximized: maximized === true };
  if (isCoordinate(x) && isCoordinate(y)) geometry.position = { x, y };
  return geometry;
}

/**
 * `geometry` made to fit: at least the minimum size, no larger than the display it is on, and
 * moved fully onto that display; without a position when it overlaps none.
 */
export function fitToDisplays(geometry: WindowGeometry, workAreas: readonly Rect[]): WindowGeometry {
  const largest = workAreas.reduce<Rect | undefined>((best, area) => (!best || area.width * area.height > best.width * best.height ? area : best), undefined);
  if (!largest) return geometry;
  const sized = { ...geometry, width: clampSize(geometry.width, MIN_WIDTH, largest.width), height: clampSize(geometry.height, MIN_HEIGHT, largest.height) };
  if (!geometry.position) return sized;
  const rect = { ...geometry.position, width: sized.width, height: sized.height };
  const display = workAreas
    .map((area) => ({ area, overlap: overlapArea(rect, area) }))
    .filter(({ overlap }) => overlap > 0)
    .sort((a, b) => b.overlap - a.overlap)[0]?.area;
  if (!display) return { width: sized.width, height: sized.height, maximized: sized.maximized };
  const width = Math.min(sized.width, display.width);
  const height = Math.min(sized.height, display.height);
  return {
    position: { x: clamp(rect.x, display.x, display.x + display.width - width), y: clamp(rect.y, display.y, display.y + display.height - height) },
    width,
    height,
    maximized: sized.maximized,
  };
}

function isCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_COORDINATE;
}

function clampSize(value: number, min: number, max: number): number {
  return Math.max(Math.min(min, max), Math.min(value, max));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

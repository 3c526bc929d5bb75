import { describe, expect, it } from 'vitest';
import { DEFAULT_GEOMETRY, fitToDisplays, MIN_HEIGHT, MIN_WIDTH, parseGeometry } from '../../../main/electron/display-fit';

const laptop = { x: 0, y: 0, width: 1440, height: 870 };
const rightMonitor = { x: 1440, y: -200, width: 2560, height: 1400 };

describe('parseGeometry', () => {
  it('reads a saved state', () => {
    expect(parseGeometry({ x: 10, y: 20, width: 900, height: 700, maximized: true })).toEqual({ position: { x: 10, y: 20 }, width: 900, height: 700, maximized: true });
    expect(parseGeometry({ width: 900, height: 700 })).toEqual({ width: 900, height: 700, maximized: false });
  });

  it.each([null, 'x', [], {}, { width: '900', height: 700 }, { width: 900.5, height: 700 }, { width: 0, height: 700 }, { width: -5, height: 700 }, { width: 1e9, height: 700 }, { width: Number.NaN, height: 700 }])(
    'refuses %j',
    (raw) => expect(parseGeometry(raw)).toBeNull(),
  );

  it('drops a position that is not a pair of coordinates', () => {
    expect(parseGeometry({ x: 10, width: 900, height: 700 })).toEqual({ width: 900, height: 700, maximized: false });
    expect(parseGeometry({ x: 10, y: 1e12, width: 900, height: 700 })).not.toHaveProperty('position');
  });
});

describe('fitToDisplays', () => {
  it('keeps a window that fits where it is', () => {
    const geometry = { position: { x: 100, y: 100 }, width: 1000, height: 700, maximized: false };
    expect(fitToDisplays(geometry, [laptop, rightMonitor])).toEqual(geometry);
  });

  it('forgets the position of a window on a display that is gone', () => {
    const geometry = { position: { x: 5000, y: 300 }, width: 1000, height: 700, maximized: true };
    expect(fitToDisplays(geometry, [laptop])).toEqual({ width: 1000, height: 700, maximized: true });
  });

  it('moves a window hanging off a display fully onto it', () => {
    expect(fitToDisplays({ position: { x: 1000, y: 600 }, width: 1000, height: 700, maximized: false }, [laptop])).toEqual({
      position: { x: 440, y: 170 },
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('puts a window straddling two displays on the one it mostly covers', () => {
    const fitted = fitToDisplays({ position: { x: 1300, y: 0 }, width: 1200, height: 800, maximized: false }, [laptop, rightMonitor]);
    expect(fitted.position).toEqual({ x: 1440, y: 0 });
  });

  it('shrinks a window larger than its display and enlarges one below the minimum', () => {
    expect(fitToDisplays({ position: { x: 0, y: 0 }, width: 3000, height: 2000, maximized: false }, [laptop])).toEqual({ position: { x: 0, y: 0 }, width: 1440, height: 870, maximized: false });
    expect(fitToDisplays({ width: 10, height: 10, maximized: false }, [laptop])).toEqual({ width: MIN_WIDTH, height: MIN_HEIGHT, maximized: false });
  });

  it('leaves the geometry alone when no display is known', () => {
    expect(fitToDisplays(DEFAULT_GEOMETRY, [])).toEqual(DEFAULT_GEOMETRY);
  });
});

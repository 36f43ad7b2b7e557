// Panning the canvas in real Chromium, for bench/web-canvas.mjs: tables on screen, the zoom, and
// frames per second while the pane is dragged, counted by requestAnimationFrame in the page, with
// what the renderer spent per frame (Chromium's Performance metrics over the same seconds) and the
// CPU time Chromium's processes used per frame.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Tables drawn inside the canvas's visible area (React Flow nodes, or boxes of the far view). */
export const tablesOnScreen = (page) => page.evaluate(() => {
  const pane = document.querySelector('.react-flow').getBoundingClientRect();
  return [...document.querySelectorAll('.react-flow__node, .far-view g')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.right > pane.left && r.left < pane.right && r.bottom > pane.top && r.top < pane.bottom;
  }).length;
});

/** The canvas's zoom, read from React Flow's viewport transform. */
export const zoomOf = (page) => page.evaluate(() => {
  const m = /scale\(([\d.]+)\)/.exec(document.querySelector('.react-flow__viewport')?.style.transform ?? '');
  return m ? Number(m[1]) : NaN;
});

/**
 * CPU time (ms) used so far by the Chromium processes this Node process started, by kind
 * (renderer, gpu: Chromium's compositor/display process, other), from /proc: on a loaded machine
 * frames per second say how much CPU the page got, CPU time per frame what a frame costs.
 */
export function chromiumCpu() {
  if (!existsSync('/proc/self/stat')) return undefined;
  const procs = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid: Number(pid), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') });
    } catch { /* exited meanwhile */ }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) { grew = false; for (const p of procs) if (!mine.has(p.pid) && mine.has(p.ppid)) { mine.add(p.pid); grew = true; } }
  const out = { renderer: 0, gpu: 0, other: 0 };
  const tick = 1000 / 100; // USER_HZ
  for (const p of procs) {
    if (p.pid === process.pid || !mine.has(p.pid) || !/chrom/i.test(p.cmd)) continue;
    out[p.cmd.includes('--type=renderer') ? 'renderer' : p.cmd.includes('--type=gpu-process') ? 'gpu' : 'other'] += p.ticks * tick;
  }
  return out;
}

const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];

/**
 * Drag the pane in a slow circle for `seconds`, one pointer move per frame as a hand on a mouse
 * gives them (driven in the page: Playwright's mouse.move waits a round trip per move, a few dozen
 * a second on a loaded machine), counting frames by requestAnimationFrame. Returns fps, how many
 * of those frames moved the view, and per frame the renderer's main-thread time (task),
 * JavaScript, layout and style recalculation in ms.
 */
export async function panFor(page, seconds = 2) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value]));
  const before = await read();
  const cpu0 = chromiumCpu();
  const run = await page.evaluate((ms) => new Promise((resolve) => {
    const pane = document.querySelector('.react-flow__pane');
    const viewport = document.querySelector('.react-flow__viewport');
    const r = pane.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const mouse = (type, target, x, y) => target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window, clientX: x, clientY: y, button: 0, buttons: type === 'mouseup' ? 0 : 1 }));
    mouse('mousedown', pane, cx, cy);
    let frames = 0, moved = 0, last = viewport.style.transform;
    const t0 = performance.now();
    const tick = () => {
      const t = performance.now() - t0;
      if (viewport.style.transform !== last) { moved++; last = viewport.style.transform; }
      if (t >= ms) { mouse('mouseup', window, cx, cy); resolve({ frames, moved, secs: t / 1000 }); return; }
      frames++;
      // a circle of 300 × 200 px every 240 frames (4 s at 60 fps): tables keep coming into view at
      // the pane's edges; stepped by frame, not time, so a frame's work does not grow as fps falls
      mouse('mousemove', window, cx + 300 * Math.sin(frames / 38), cy + 200 * Math.cos(frames / 38) - 200);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), seconds * 1000);
  const after = await read();
  const cpu1 = chromiumCpu();
  await cdp.detach();
  const cpu = cpu0 && cpu1 ? Object.fromEntries(Object.keys(cpu0).map((k) => [k, (cpu1[k] - cpu0[k]) / run.frames])) : undefined;
  const per = (k) => (run.frames ? ((after[k] - before[k]) * 1000) / run.frames : NaN);
  return { fps: run.frames / run.secs, frames: run.frames, moved: run.moved, task: per('TaskDuration'), script: per('ScriptDuration'), layout: per('LayoutDuration'), style: per('RecalcStyleDuration'), cpu };
}

/** One line of figures for a pan. */
export const panLine = (p) => `${p.fps.toFixed(0)} fps (per frame: CPU ${p.cpu ? `${(p.cpu.renderer + p.cpu.gpu + p.cpu.other).toFixed(1)} ms, renderer ${p.cpu.renderer.toFixed(1)}` : '?'}; main thread ${p.task.toFixed(1)} ms, script ${p.script.toFixed(1)}, style ${p.style.toFixed(1)}, layout ${p.layout.toFixed(1)}; the view moved in ${p.moved} of ${p.frames} frames)`;

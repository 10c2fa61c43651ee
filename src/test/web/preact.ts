import { options } from "preact";

// Preact runs effects after the next frame: a requestAnimationFrame raced by a 35 ms setTimeout that then
// cancels the frame. That setTimeout is Node's, not the window's, so it outlives the test file's jsdom, and
// when it fires after the environment's teardown has removed the window's globals it throws
// "cancelAnimationFrame is not defined" into the next file's run. Here effects wait for the window's own
// frame only (jsdom with pretendToBeVisual, Vitest's default, paints every 16 ms; fake timers fake it too),
// which closes with the window: nothing of a file's rendering runs after its environment is gone.
options.requestAnimationFrame = (flush) => void requestAnimationFrame(flush);

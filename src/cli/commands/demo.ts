import type { Command } from 'commander';
export function registerDemo(_program: Command): void {}

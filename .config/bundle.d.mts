import type { BuildOptions } from 'esbuild';

export declare const BUNDLE_OPTIONS: BuildOptions;

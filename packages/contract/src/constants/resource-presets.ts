// The resource presets, without schemas: the nodes list and the instance form's sizes read them
// without loading zod (ams/manifest.ts, whose schema accepts them, re-exports them).

/** The deprecated resource presets ("instance types") and what each stands for (reference 5.4). */
export const resourcePresets = {
  "a2.3": { cpus: 2, memory: "3GB", "disk-size": "3GB", "gpu-slots": 0 },
  "a4.3": { cpus: 4, memory: "3GB", "disk-size": "3GB", "gpu-slots": 0 },
  "a6.3": { cpus: 6, memory: "3GB", "disk-size": "3GB", "gpu-slots": 0 },
  "a8.3": { cpus: 8, memory: "3GB", "disk-size": "3GB", "gpu-slots": 0 },
  "a10.3": { cpus: 10, memory: "3GB", "disk-size": "3GB", "gpu-slots": 0 },
  "g2.3": { cpus: 2, memory: "3GB", "disk-size": "3GB", "gpu-slots": 1 },
  "g4.3": { cpus: 4, memory: "3GB", "disk-size": "3GB", "gpu-slots": 1 },
  "g6.3": { cpus: 6, memory: "3GB", "disk-size": "3GB", "gpu-slots": 1 },
  "g8.3": { cpus: 8, memory: "3GB", "disk-size": "3GB", "gpu-slots": 1 },
  "g10.3": { cpus: 10, memory: "3GB", "disk-size": "3GB", "gpu-slots": 1 },
} as const;

export type ResourcePreset = keyof typeof resourcePresets;
export const resourcePresetNames = Object.keys(resourcePresets) as [
  ResourcePreset,
  ...ResourcePreset[],
];

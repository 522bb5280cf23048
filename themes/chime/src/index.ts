/**
 * The Chime sounds: a bell of two inharmonic partials, the higher one dying
 * first, and a short message tone. These are the partials the desktop has
 * always synthesised (client-core's webAudioBackend), as a package.
 */
import type { SoundsModule } from '@atrium/shared';

const chime: SoundsModule = {
  type: 'sounds',
  sounds: {
    bell: [
      { frequency: 880, gain: 0.35, start: 0, duration: 1.2 },
      { frequency: 2376, gain: 0.15, start: 0, duration: 0.5 },
    ],
    // A rising blip: the synthesiser's glide from 660 Hz to 990 Hz as two overlapping tones.
    message: [
      { frequency: 660, gain: 0.2, start: 0, duration: 0.1 },
      { frequency: 990, gain: 0.2, start: 0.06, duration: 0.12 },
    ],
  },
};

export default chime;

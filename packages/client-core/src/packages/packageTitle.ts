import { localizedText } from '@atrium/sdk';
import type { LocalizedText, PackageMetadata } from '@atrium/shared';

/** A package's title in a locale, else its en_EN title (which the metadata schema requires). */
export function packageTitle(metadata: Pick<PackageMetadata, 'title'>, locale: string): string {
  return localizedText(metadata.title as LocalizedText, locale);
}

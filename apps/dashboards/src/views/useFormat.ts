import { useTranslation } from '@atrium/app-kit';
import type { DatasetInfo, DatasetResult } from '@atrium/shared/dashboards';
import { useMemo } from 'react';
import type { FormatContext } from '../model/format.js';

/** The context values are shown in: the user's language and texts, the widget's dataset and answer. */
export function useFormat(info: DatasetInfo | undefined, result: DatasetResult | null): FormatContext | null {
  const { t, language } = useTranslation();
  return useMemo(() => (result ? { locale: language, t: (key, vars) => t(key, vars), info, result } : null), [t, language, info, result]);
}

import { useTranslation, wallpapers } from '@atrium/app-kit';
import type { Application, PackageType } from '@atrium/sdk';
import { BACKGROUND_STYLES, DESKTOP_FONTS, type BackgroundSettings } from '@atrium/shared';
import { useId, type CSSProperties, type JSX } from 'react';
import { SettingGroup } from '../SettingGroup.js';
import { useSetting, type SettingBinding } from '../useSetting.js';

/** Theme, icons, wallpaper (picture, style, colour) and font. */
export function AppearanceSection({ app }: { app: Application }): JSX.Element {
  const { t } = useTranslation();
  const settings = app.desktop.settings;
  const theme = useSetting<string>(settings, 'desktop.theme');
  const icons = useSetting<string>(settings, 'desktop.icons');
  const background = useSetting<BackgroundSettings>(settings, 'desktop.background');
  const font = useSetting<string>(settings, 'desktop.font');

  return (
    <>
      <PackageChoice app={app} type="theme" legend={t('preferences.appearance.theme')} binding={theme} testId="preferences.theme" />
      <PackageChoice app={app} type="icons" legend={t('preferences.appearance.icons')} binding={icons} testId="preferences.icons" />
      <WallpaperGroup background={background} />
      <FontGroup font={font} />
    </>
  );
}

/** The wallpaper: none or a picture, how it is laid out, and the colour behind it. */
function WallpaperGroup({ background }: { background: SettingBinding<BackgroundSettings> }): JSX.Element {
  const { t } = useTranslation();
  const wallpaperName = useId();
  const bg = background.value;
  return (
    <SettingGroup legend={t('preferences.appearance.wallpaper')} locked={background.locked} error={background.error} testId="preferences.wallpaper">
      <div className="prf-wallpapers">
        <Thumbnail
          name={wallpaperName}
          label={t('preferences.appearance.noWallpaper')}
          checked={bg.src === null}
          style={{ background: bg.color }}
          onSelect={() => background.set({ ...bg, src: null, style: 'color' })}
          testId="preferences.wallpaper.none"
        />
        {wallpapers.map((w) => (
          <Thumbnail
            key={w.id}
            name={wallpaperName}
            label={t(w.labelKey)}
            checked={bg.src === w.src}
            style={{ backgroundImage: `url("${w.url}")` }}
            onSelect={() => background.set({ ...bg, src: w.src, style: bg.style === 'color' ? 'cover' : bg.style })}
            testId={`preferences.wallpaper.${w.id}`}
          />
        ))}
      </div>
      <WallpaperStyle background={background} />
    </SettingGroup>
  );
}

/** The wallpaper's style and colour. */
function WallpaperStyle({ background }: { background: SettingBinding<BackgroundSettings> }): JSX.Element {
  const { t } = useTranslation();
  const styleId = useId();
  const colorId = useId();
  const bg = background.value;
  return (
    <>
      <div className="prf-row">
        <label className="prf-row__label" htmlFor={styleId}>
          {t('preferences.appearance.style')}
        </label>
        <select
          id={styleId}
          className="prf-select"
          value={bg.style}
          onChange={(event) => background.set({ ...bg, style: event.target.value as BackgroundSettings['style'] })}
          data-testid="preferences.wallpaper.style"
        >
          {BACKGROUND_STYLES.map((style) => (
            <option key={style} value={style}>
              {t(`preferences.appearance.styles.${style}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="prf-row">
        <label className="prf-row__label" htmlFor={colorId}>
          {t('preferences.appearance.color')}
        </label>
        <input id={colorId} type="color" className="prf-color" value={bg.color} onChange={(event) => background.set({ ...bg, color: event.target.value })} data-testid="preferences.wallpaper.color" />
        <span className="prf-row__value" aria-hidden="true">
          {bg.color.toUpperCase()}
        </span>
      </div>
    </>
  );
}

/** The desktop's font, each shown in itself. */
function FontGroup({ font }: { font: SettingBinding<string> }): JSX.Element {
  const { t } = useTranslation();
  const fontName = useId();
  return (
    <SettingGroup legend={t('preferences.appearance.font')} locked={font.locked} error={font.error} testId="preferences.font">
      <div className="prf-options prf-options--inline">
        {DESKTOP_FONTS.map((name) => (
          <label key={name} className="prf-option prf-option--card" style={{ fontFamily: `'${name}', sans-serif` }}>
            <input type="radio" name={fontName} value={name} checked={font.value === name} onChange={() => font.set(name)} data-testid={`preferences.font.${name}`} />
            <span>{name}</span>
          </label>
        ))}
      </div>
    </SettingGroup>
  );
}

/** A radio group of the visible packages of one type (themes, icon sets), by their titles. */
function PackageChoice({ app, type, legend, binding, testId }: { app: Application; type: PackageType; legend: string; binding: SettingBinding<string>; testId: string }): JSX.Element {
  const { t } = useTranslation();
  const name = useId();
  const packages = app.desktop.packages(type);
  // The chosen package is always offered, even when it is not installed (any more).
  const choices = packages.some((p) => p.name === binding.value) ? packages : [{ name: binding.value, title: binding.value, type }, ...packages];
  return (
    <SettingGroup legend={legend} locked={binding.locked} error={binding.error} testId={testId}>
      <div className="prf-options prf-options--inline">
        {choices.map((p) => (
          <label key={p.name} className="prf-option prf-option--card">
            <input type="radio" name={name} value={p.name} checked={binding.value === p.name} onChange={() => binding.set(p.name)} data-testid={`${testId}.${p.name}`} />
            <span>{p.title}</span>
          </label>
        ))}
      </div>
      {packages.length === 0 && <p className="prf-group__hint">{t('preferences.appearance.none')}</p>}
    </SettingGroup>
  );
}

/** A wallpaper choice: a picture with its name below; a radio button for assistive technology. */
function Thumbnail({ name, label, checked, style, onSelect, testId }: { name: string; label: string; checked: boolean; style: CSSProperties; onSelect(): void; testId: string }): JSX.Element {
  return (
    <label className="prf-thumb" data-checked={checked || undefined}>
      <input type="radio" name={name} className="prf-thumb__input" checked={checked} onChange={onSelect} data-testid={testId} />
      <span className="prf-thumb__picture" style={style} aria-hidden="true" />
      <span className="prf-thumb__label">{label}</span>
    </label>
  );
}

import type { CSSProperties, JSX, ReactNode } from 'react';
import { useAtrium } from '../AtriumContext.js';
import { useOwnedModel } from '../hooks/useOwnedModel.js';
import { AnnouncementSlider } from '../slider/AnnouncementSlider.js';
import { LanguageSelect } from './LanguageSelect.js';
import { LoginFooter } from './LoginFooter.js';
import './LoginPage.css';

/** A CSS url() value for an address from the configuration. */
export function cssUrl(address: string): string {
  return `url("${address.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;
}

export interface LoginPageProps {
  /** The card: login form, forgot-password or reset-password screen. */
  children: ReactNode;
}

/**
 * The Vision login layout (docs/behaviour/login-page.md#layout): the announcement slider over its background
 * on the left (about 60 %), the sign-in card over the login background on
 * the right with the language widget and the footer. On small screens the
 * card comes first and the slider follows it. Whatever the layout, the
 * keyboard reaches the language widget and the card before the slider.
 */
export function LoginPage({ children }: LoginPageProps): JSX.Element {
  const { site, models, navigation } = useAtrium();
  const slider = useOwnedModel(() => {
    const model = models.slider();
    void model.load(navigation.current().host);
    return model;
  }, [models, navigation]);
  const style = {
    '--atr-login-background': cssUrl(site.loginBackground),
    '--atr-slider-background': cssUrl(site.sliderBackground),
  } as CSSProperties;
  return (
    <div className="atr-login" style={style} data-testid="login.page">
      <div className="atr-login__backdrop" aria-hidden="true" />
      {/* The grid places the panes; the document order is the reading and Tab order: language, card, announcements, footer. */}
      <div className="atr-login__topbar">
        <LanguageSelect />
      </div>
      <main className="atr-login__main">{children}</main>
      <div className="atr-login__slider-pane">{slider && <AnnouncementSlider model={slider} />}</div>
      <div className="atr-login__footer">
        <LoginFooter />
      </div>
    </div>
  );
}

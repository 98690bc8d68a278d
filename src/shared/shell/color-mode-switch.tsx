/**
 * The header's colour-mode switch (docs/decisions/056-colour-mode.md): a compact button (a
 * `<details>` summary, like the header's other menus) that opens a radio group "Systeem / Licht /
 * Donker". Native radios give the keyboard behaviour (Tab into the group, arrow keys choose);
 * Escape or a click elsewhere closes the panel and returns focus to the button, and so does a
 * choice made with the pointer. The panel floats over the page, so nothing in the header moves.
 *
 * The server renders no radio checked (it cannot know the choice); after hydration the stored one
 * is. Without JavaScript the switch is hidden by app.css (`<html>` then has no `data-color-mode`)
 * and the page follows the system.
 */
import { type MouseEvent, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLOR_MODES,
  type ColorMode,
  chooseColorMode,
  currentColorMode,
  subscribeColorMode,
} from './color-mode.ts';

/** Icon paths (24×24, stroked) per choice: a screen, a sun, a moon. */
const ICONS: Record<ColorMode, string> = {
  system: 'M3 5h18v11H3zM8 20h8M12 16v4',
  light:
    'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  dark: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
};

function Icon({ mode }: { mode: ColorMode }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={ICONS[mode]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Server and hydration snapshot: no choice known. */
const unknownMode = () => null;

/** The colour-mode switch of the site header. */
export function ColorModeSwitch() {
  const { t } = useTranslation();
  const mode = useSyncExternalStore<ColorMode | null>(subscribeColorMode, currentColorMode, unknownMode);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const name = useId();

  const close = () => {
    const menu = menuRef.current;
    if (!menu?.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  };

  // Escape and a click or focus outside close the panel (WAI-ARIA disclosure pattern).
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menu.open) return;
      event.preventDefault();
      menu.open = false;
      menu.querySelector('summary')?.focus();
    };
    const onOutside = (event: Event) => {
      if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    };
    menu.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      menu.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, []);

  // A pointer click (detail > 0) on a choice closes the panel; arrow keys and Space keep it open.
  const onOptionClick = (event: MouseEvent<HTMLInputElement>) => {
    if (event.detail > 0) close();
  };

  return (
    <details className="color-mode" ref={menuRef}>
      <summary title={t('colorMode.label')}>
        <Icon mode={mode ?? 'system'} />
        <span className="visually-hidden">
          {mode ? t('colorMode.current', { mode: t(`colorMode.${mode}`) }) : t('colorMode.label')}
        </span>
      </summary>
      <fieldset className="color-mode__panel">
        <legend className="color-mode__legend">{t('colorMode.label')}</legend>
        {COLOR_MODES.map((option) => (
          <label key={option} className="color-mode__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={mode === option}
              onChange={() => chooseColorMode(option)}
              onClick={onOptionClick}
            />
            <Icon mode={option} />
            <span>{t(`colorMode.${option}`)}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}

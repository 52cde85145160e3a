// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CalculatorApp } from './calculator-app';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

async function render(path = '/pl/calculator') {
  const Stub = createRoutesStub([{ path: '/:locale/calculator', Component: () => createElement(CalculatorApp) }]);
  await act(async () => {
    root.render(createElement(Stub, { initialEntries: [path] }));
  });
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const $ = <T extends Element = HTMLElement>(sel: string) => container.querySelector(sel) as T;
const $$ = (sel: string) => [...container.querySelectorAll(sel)];
const byLabel = <T extends HTMLElement>(text: string, n = 0) => {
  const label = [...container.querySelectorAll('label')].filter((l) => l.textContent?.trim() === text)[n];
  if (!label) throw new Error(`no label ${text}`);
  return document.getElementById(label.htmlFor) as T;
};
const status = () => $('[data-testid="fill-status"]').textContent;
const circles = () => $$('[data-testid="tray-drawing"] circle').length;

async function type(el: HTMLInputElement, value: string) {
  await act(async () => {
    (Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (v: string) => void).call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    (Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set as (v: string) => void).call(el, value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function click(el: Element) {
  await act(async () => {
    (el as HTMLElement).click();
  });
}

describe('the tray fill calculator', () => {
  it('starts with 24 × U/UTP cat. 6 and 4 × 12F fibre in a 100 × 60 tray, 25 % reserve, and draws 28 cables', async () => {
    await render();
    // 24 × 30.1907 + 4 × 28.2743 (6.0 mm) = 724.58 + 113.10 = 837.67 mm²; / 4500 = 18.6 %
    expect(status()).toBe('Zapełnienie 18,6 % – kable mieszczą się w korycie 100 × 60 mm.');
    expect($('[data-testid="cables-area"]').textContent).toBe('837,67 mm²');
    expect($('[data-testid="usable-area"]').textContent).toBe('4500 mm²');
    expect($('[data-testid="recommended"]').textContent).toBe('50 × 35 mm'); // 837.67 / 0.75 = 1116.9 ≤ 1750
    expect(circles()).toBe(28);
    expect($('[data-testid="fill-status"]').getAttribute('aria-live')).toBe('polite');
  });

  it('recomputes and redraws as the count changes; an overfilled tray fails and names the smallest that fits', async () => {
    await render();
    await type(byLabel<HTMLInputElement>('Liczba [szt.]'), '200');
    // 200 × 30.1907 + 113.10 = 6151.24 mm²; / 4500 = 136.7 %; needs 6151.24 / 0.75 = 8201.7: 200 × 42 = 8400
    expect(status()).toBe('Zapełnienie 136,7 % – koryto 100 × 60 mm jest za małe. Najmniejsze pasujące: 200 × 42 mm.');
    expect($('[data-testid="fill-status"]').getAttribute('data-pass')).toBe('false');
    expect(circles()).toBe(204);
    // the cables that do not fit lie above the side and are counted
    expect($$('[data-testid="tray-drawing"] circle[data-over="true"]').length).toBeGreaterThan(0);
    expect($('[data-testid="drawing-above"]')).not.toBeNull();

    // a bigger tray from the selects
    await choose(byLabel<HTMLSelectElement>('Szerokość [mm]'), '200');
    await choose(byLabel<HTMLSelectElement>('Wysokość boku [mm]'), '85');
    // 200 × 85 × 0.75 = 12750; 6151.24 / 12750 = 48.2 %
    expect(status()).toBe('Zapełnienie 48,2 % – kable mieszczą się w korycie 200 × 85 mm.');
    expect($('[data-testid="drawing-above"]')).toBeNull();
  });

  it('the reserve is editable and recommending picks the smallest standard tray', async () => {
    await render();
    await type(byLabel<HTMLInputElement>('Rezerwa wolnej przestrzeni [%]'), '50');
    // 100 × 60 × 0.5 = 3000; 837.67 / 3000 = 27.9 %
    expect(status()).toBe('Zapełnienie 27,9 % – kable mieszczą się w korycie 100 × 60 mm.');
    await click(
      [...container.querySelectorAll('label')].find((l) => l.textContent === 'Dobierz najmniejsze pasujące')?.querySelector('input') as HTMLInputElement,
    );
    // needs 837.67 / 0.5 = 1675.3 ≤ 50 × 35 = 1750: 1675.3 / (1750 × 0.5) = 95.7 %
    expect(status()).toBe('Zapełnienie 95,7 % – kable mieszczą się w korycie 50 × 35 mm.');
    expect($('[data-testid="tray"]').textContent).toBe('50 × 35 mm');
    expect(container.querySelector('select[id$="-w"]')).toBeNull();
  });

  it('adds and removes cable rows, focusing the new row; a custom diameter is validated', async () => {
    await render();
    expect($$('[data-testid="cable-row"]')).toHaveLength(2);
    await click([...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Dodaj kabel')) as HTMLElement);
    expect($$('[data-testid="cable-row"]')).toHaveLength(3);
    const select = byLabel<HTMLSelectElement>('Kabel 3');
    expect(document.activeElement).toBe(select);
    await choose(select, 'custom');
    const diameter = byLabel<HTMLInputElement>('Średnica [mm]', 2);
    expect(diameter.readOnly).toBe(false);
    await type(diameter, 'abc');
    expect(diameter.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(diameter.getAttribute('aria-describedby') as string)?.textContent).toBe('Podaj średnicę od 0,1 do 100 mm.');
    expect(status()).toBe('Popraw zaznaczone pola, aby zobaczyć wynik.');
    await type(diameter, '12,5');
    // + 1 × 12.5² π / 4 = 122.72 mm² -> 960.39 mm²; / 4500 = 21.3 %
    expect(status()).toBe('Zapełnienie 21,3 % – kable mieszczą się w korycie 100 × 60 mm.');
    expect(circles()).toBe(29);
    await click(container.querySelector('button[aria-label="Usuń kabel 1"]') as HTMLElement);
    expect($$('[data-testid="cable-row"]')).toHaveLength(2);
    // 4 × 28.27 + 122.72 = 235.82 mm²; / 4500 = 5.2 %
    expect(status()).toBe('Zapełnienie 5,2 % – kable mieszczą się w korycie 100 × 60 mm.');
    expect(circles()).toBe(5);
  });
});

describe('the separation calculator and the tabs', () => {
  it('switches tabs by click and by arrow keys and computes A = S × P', async () => {
    await render();
    const tabs = $$('[role="tab"]') as HTMLButtonElement[];
    expect(tabs.map((t) => t.textContent)).toEqual(['Zapełnienie koryta', 'Separacja kabli']);
    const sepPanel = document.getElementById(tabs[1].getAttribute('aria-controls') as string) as HTMLElement;
    expect(sepPanel.hidden).toBe(true);
    await act(async () => {
      tabs[0].focus();
      tabs[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(sepPanel.hidden).toBe(false);
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1].getAttribute('aria-selected')).toBe('true');
    // default: class b, no barrier (100), 12 circuits (0.8): 80 mm
    expect($('[data-testid="sep-status"]').textContent).toBe('Wymagana odległość między kablami teleinformatycznymi a zasilającymi: 80 mm.');
    await choose(byLabel<HTMLSelectElement>('Klasa separacji kabla teleinformatycznego'), 'c');
    await choose(byLabel<HTMLSelectElement>('Przegroda między kablami'), 'open');
    await type(byLabel<HTMLInputElement>('Liczba obwodów zasilających'), '7');
    // 38 × 0.6 = 22.8
    expect($('[data-testid="sep-a"]').textContent).toBe('22,8 mm');
    expect($('[data-testid="separation-drawing"]').getAttribute('data-a')).toBe('22.8');
    // the standard's tables mark the cells in use
    expect($('[data-testid="s-table"] td[aria-current="true"]').textContent).toBe('38');
    expect($('[data-testid="p-table"] tr[aria-current="true"]').textContent).toBe('7–90,6');
    await type(byLabel<HTMLInputElement>('Liczba obwodów zasilających'), '0');
    expect($('[data-testid="sep-status"]').textContent).toBe('Popraw liczbę obwodów, aby zobaczyć wynik.');
    await click(tabs[0]);
    expect(sepPanel.hidden).toBe(true);
  });

  it('speaks English on /en and links the workbook in the page language with the page inputs', async () => {
    await render('/en/calculator');
    expect(status()).toBe('Fill 18.6 % – the cables fit in the 100 × 60 mm tray.');
    const link = () => new URL($('[data-testid="workbook-link"]').getAttribute('href') as string, 'http://x');
    const params = () => Object.fromEntries(link().searchParams);
    expect(link().pathname).toBe('/api/calculator/workbook');
    expect(params()).toEqual({
      locale: 'en',
      'cables[0][cable]': 'uutp-6',
      'cables[0][count]': '24',
      'cables[1][cable]': 'fo-u-12',
      'cables[1][count]': '4',
      width: '100',
      height: '60',
      reserve: '25',
      class: 'b',
      barrier: 'none',
      circuits: '12',
    });
    // the link follows the inputs: an own diameter, the recommended tray, the reserve, the separation
    await choose(byLabel<HTMLSelectElement>('Cable 2'), 'custom');
    await type(byLabel<HTMLInputElement>('Diameter [mm]', 1), '12.5');
    await type(byLabel<HTMLInputElement>('Free-space reserve [%]'), '40');
    await click($('input[type="radio"][value="recommend"]'));
    await choose(byLabel<HTMLSelectElement>('Segregation class of the IT cable'), 'a');
    await type(byLabel<HTMLInputElement>('Number of power circuits'), '31');
    // 24 × 6.2 + 4 × 12.5 mm: (922.56 + 625) π / 4 = 1215.45 mm²; with 40 %: 1215.45 / 0.6 = 2025.7 -> 50 × 42 (2100)
    expect(params()).toMatchObject({
      'cables[1][diameter]': '12.5',
      'cables[1][count]': '4',
      width: '50',
      height: '42',
      reserve: '40',
      class: 'a',
      circuits: '31',
    });
    expect(params()['cables[1][cable]']).toBeUndefined();
    // an invalid input keeps the last valid ones in the link
    await type(byLabel<HTMLInputElement>('Free-space reserve [%]'), '95');
    expect(params().reserve).toBe('40');
  });

  it('offers at most 20 cable rows, the rows of the workbook', async () => {
    await render('/en/calculator');
    const add = [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Add a cable')) as HTMLButtonElement;
    for (let i = 0; i < 18; i++) await click(add);
    expect($$('[data-testid="cable-row"]')).toHaveLength(20);
    expect(add.disabled).toBe(true);
    await click(add);
    expect($$('[data-testid="cable-row"]')).toHaveLength(20);
    expect(container.textContent).toContain('The workbook holds at most 20 kinds of cable.');
  }, 30_000);
});

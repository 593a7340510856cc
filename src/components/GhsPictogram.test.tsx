import { render, screen } from '@testing-library/react';
import { GhsPictogram } from './GhsPictogram';
import { HazardSummary } from './HazardSummary';

describe('GhsPictogram', () => {
  it.each([
    ['GHS01', 'Explosive'],
    ['GHS02', 'Flammable'],
    ['GHS03', 'Oxidising'],
    ['GHS04', 'Gas under pressure'],
    ['GHS05', 'Corrosive'],
    ['GHS06', 'Acute toxicity'],
    ['GHS07', 'Harmful / irritant'],
    ['GHS08', 'Health hazard'],
    ['GHS09', 'Hazardous to the environment'],
  ] as const)('draws %s as an image named "%s", a red-bordered diamond', (code, name) => {
    render(<GhsPictogram code={code} size={64} />);
    const image = screen.getByRole('img', { name });
    expect(image).toHaveAttribute('width', '64');
    expect(image.querySelector('polygon')).toHaveAttribute('stroke', '#e00');
  });
});

describe('HazardSummary', () => {
  it('shows the pictograms, the signal word and each statement with its text', () => {
    render(
      <HazardSummary
        hazards={{ hazard_statements: ['H314', 'H290'], signal_word: 'DANGER', pictograms: ['GHS05'] }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Corrosive' })).toBeInTheDocument();
    expect(screen.getByText('Signal word: Danger')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Hazard statements' })).toHaveTextContent(
      'H314 Causes severe skin burns and eye damageH290 May be corrosive to metals',
    );
  });

  it('says so when a chemical has no hazard data', () => {
    render(<HazardSummary hazards={{ hazard_statements: [], signal_word: null, pictograms: [] }} />);
    expect(screen.getByText('No hazard data.')).toBeInTheDocument();
  });
});

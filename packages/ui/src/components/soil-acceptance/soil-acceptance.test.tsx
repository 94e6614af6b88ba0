import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SoilAcceptance } from './soil-acceptance';

describe('SoilAcceptance', () => {
  it('names the use, the classes and the codes a FILL site takes, in French', () => {
    render(
      <SoilAcceptance
        label="Terres acceptées"
        receivingUse="ROAD_WORKS"
        acceptedQualityClasses={['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES']}
        acceptedWasteCodes={['17 05 04', '200202']}
      />,
    );
    expect(screen.getByText('Usage du site receveur').nextElementSibling).toHaveTextContent('Technique routière');
    expect(screen.getByText('Terre inerte du fond géochimique naturel')).toBeInTheDocument();
    expect(screen.getByText('Terre compatible avec certains usages')).toBeInTheDocument();
    expect(screen.getByText('17 05 04 – Terres et cailloux autres que ceux visés à la rubrique 17 05 03')).toBeInTheDocument();
    expect(screen.getByText('20 02 02 – Terres et pierres')).toBeInTheDocument();
  });

  it("reads 'Non renseigné' for what the advertiser has not said (a listing saved before the classes)", () => {
    render(<SoilAcceptance receivingUse={null} acceptedQualityClasses={[]} acceptedWasteCodes={null} />);
    expect(screen.getAllByText('Non renseigné')).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { downloadFileName } from '../../src/lib/downloadFileName';
import { resourceCatalogue } from '../../src/lib/resourceCatalogue';

describe('downloadFileName', () => {
  it('replaces spaces with underscores and adds .pdf', () => {
    expect(downloadFileName('Executive Career Acceleration Guide')).toBe('Executive_Career_Acceleration_Guide.pdf');
    expect(downloadFileName('Corporate Parenting Wellbeing Program Brochure')).toBe(
      'Corporate_Parenting_Wellbeing_Program_Brochure.pdf',
    );
  });

  it('collapses runs of white space and trims the ends', () => {
    expect(downloadFileName('  Two   words\there ')).toBe('Two_words_here.pdf');
  });

  it('drops characters a file name or header cannot hold', () => {
    expect(downloadFileName('A "quoted": guide/v2?')).toBe('A_quoted_guidev2.pdf');
  });

  it('never answers an empty name', () => {
    expect(downloadFileName('   ')).toBe('download.pdf');
  });

  it('gives every downloadable resource a distinct name', () => {
    const names = resourceCatalogue.filter((item) => item.downloadUrl).map((item) => downloadFileName(item.title));
    expect(new Set(names).size).toBe(names.length);
  });
});

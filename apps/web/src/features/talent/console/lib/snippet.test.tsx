import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { snippetNodes } from './snippet';

describe('snippetNodes', () => {
  it('renders marked words as <mark> and everything else as text, never as HTML', () => {
    const { container } = render(
      <p>{snippetNodes('&lt;script&gt;alert(1)&lt;/script&gt; shot <mark>rings</mark> &amp; <mark>watches</mark>')}</p>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['rings', 'watches']);
    expect(container.textContent).toBe('<script>alert(1)</script> shot rings & watches');
  });
});

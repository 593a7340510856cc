import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from './shellPages';

function Loaded() {
  return <p>Page content</p>;
}

function renderPage(Page: ReturnType<typeof lazyPage>) {
  render(
    <Suspense fallback={<p>Loading page</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('loads its code when first shown, with the fallback meanwhile', async () => {
    const load = jest.fn(async () => ({ default: Loaded }));
    const Page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();

    renderPage(Page);
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(await screen.findByText('Page content')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a preloaded page at once, without suspending, and loads its code only once', async () => {
    const load = jest.fn(async () => ({ default: Loaded }));
    const Page = lazyPage(load);
    await Page.preload();

    renderPage(Page);
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

import { type RouteConfig, index, route } from '@react-router/dev/routes';

// Every page lives under /:locale (pl or en); see core/layout/locale.tsx for the locale rules.
export default [
  index('core/routes/root-redirect.tsx'),
  // route('sitemap.xml', 'core/seo/sitemap.xml.ts'),
  // route('robots.txt', 'core/seo/robots.txt.ts'),
  route(':locale', 'core/layout/locale.tsx', [
    index('features/content/routes/home.tsx'),
    // route('categories', 'features/catalog/routes/categories.tsx'),
    // route('category/:idSlug?', 'features/catalog/routes/category.tsx'),
    // route('product/:idSlug', 'features/catalog/routes/product.tsx'),
    // route('posts', 'features/content/routes/posts.tsx'),
    // route('post/:idSlug', 'features/content/routes/post.tsx'),
    // route('static/:slug', 'features/content/routes/static-site.tsx'),
    // route('knowledge-base', 'features/content/routes/knowledge-base.tsx'),
    // route('guarantee', 'features/content/routes/guarantee.tsx'),
    // route('about', 'features/content/routes/about.tsx'),
    // route('about-cobi', 'features/content/routes/about-cobi.tsx'),
    // route('videos', 'features/content/routes/videos.tsx', { id: 'videos' }),
    // route('videos-instructional', 'features/content/routes/videos.tsx', { id: 'videos-instructional' }),
    // route('realizations', 'features/content/routes/realizations.tsx'),
    // route('contact', 'features/content/routes/contact.tsx'),
    route('*', 'core/routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;


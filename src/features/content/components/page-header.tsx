// The content pages' band is the shared one in core/ui.
export { PageHeader } from '~/core/ui/page-header';

import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BoxGrid } from '../catalog/box-grid';
import { useCatalogT } from '../catalog/i18n';
import { LandingEditor } from '../landing/landing-editor';

/** /admin/catalog (docs/product/back-office.md §5, §6; superadmin and catalog_admin): the boxes tab and the landing page tab. */
export function AdminCatalogPage() {
  const { t } = useCatalogT();
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'landing' ? 'landing' : 'boxes';
  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} description={t('intro')} />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'landing' ? { tab: 'landing' } : {}, { replace: true })}>
        <TabsList>
          <TabsTrigger value="boxes" data-testid="tab-boxes">
            {t('tabs.boxes')}
          </TabsTrigger>
          <TabsTrigger value="landing" data-testid="tab-landing">
            {t('tabs.landing')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="boxes" className="pt-4">
          <BoxGrid />
        </TabsContent>
        <TabsContent value="landing" className="pt-4">
          <LandingEditor />
        </TabsContent>
      </Tabs>
    </div>
  );
}

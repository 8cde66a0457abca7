import { useTranslation } from 'react-i18next';
export function Probe() { const { t } = useTranslation(); return <p>{t('nav.doesNotExist')}</p>; }

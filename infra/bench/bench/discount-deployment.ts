// `pnpm bench discount-deployment`: a temporary runner of the deployment row until `pnpm bench discounts`
// (infra/bench/bench/discounts.ts) reports it beside the list figures.
import { benchDiscountDeployment } from '../src/discount-deployment';
import { reportBench } from '../src/index';

reportBench('discount-deployment', await benchDiscountDeployment());

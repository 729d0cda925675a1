import type { RulesDict } from './en';

const rules: RulesDict = {
  intro: '申请提现前，请先阅读以下规则。',
  items: [
    '最低提现金额为 20 欧元。余额和付款均以欧元计。',
    '收款方式：PayPal、支付宝、Payoneer、Payoneer 钱包、Skrill 以及 TRC20 网络上的 USDT。',
    '提现不会自动进行。只有在您申请提现时，我们才会向您的邮箱发送验证码；输入验证码即可确认。',
    '收款地址和真实姓名为必填项，且必须与您的收款账号一致。',
    '款项在申请后 {{payoutDays}} 天（{{payoutHours}} 小时）内支付，节假日会延后。',
    '手续费取决于收款方式和金额，会在您确认前显示。PayPal 手续费由卖家承担。',
    '申请一经提交，其收款信息就无法更改。',
    '对于填错的收款地址或不一致的邮箱，我们无法保证正确付款。',
    '冻结余额在购买或账号使用 {{freezeHours}} 小时后变为可用。',
  ],
  progressTitle: '提现进度',
  progress: ['申请已提交', '付款处理中', '已付款'],
};

export default rules;
